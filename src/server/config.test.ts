import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      mode: 'demo',
      publicUrl: 'http://localhost:3000',
      adminToken: undefined,
      trustProxy: false,
    });
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://scan.example/' }).publicUrl).toBe('https://scan.example');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', SCANAPP_MODE: 'staging', DATABASE_URL: 'mysql://x', ADMIN_TOKEN: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/SCANAPP_MODE/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/ADMIN_TOKEN/);
    }
  });

  it('requires a database server and a public address in production', () => {
    expect(() => loadConfig({ SCANAPP_MODE: 'production' })).toThrow(/DATABASE_URL[\s\S]*PUBLIC_URL/);
  });
});
