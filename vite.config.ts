import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|xml|txt|json|webmanifest)$/;

/**
 * Writes .br and .gz beside every text file of the build, so the server sends them
 * pre-compressed (`@fastify/static` `preCompressed`) with no CPU spent per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'scanapp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Two pages: the site and cabinet (index.html), and the buyers' Mini App (shop.html).
    rollupOptions: { input: { main: path.resolve('src/web/index.html'), shop: path.resolve('src/web/shop.html') } },
  },
  server: {
    proxy: { '/lk': 'http://127.0.0.1:3000' },
  },
});
