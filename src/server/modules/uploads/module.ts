import { UPLOADS_BASE } from '../../../contract/uploads.js';
import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { perContext } from '../../platform/per-context.js';
import { uploadRoutes, uploadServingRoutes } from './routes.js';
import { findOwnUpload } from './service.js';
import { openImageStores } from './stores.js';

/** Product and mailing images: the configured store (folder, database or bucket), reads falling back to the others. */
export const imageStoresOf = perContext((context) => openImageStores(context.config, context.db));

/** A seller's own uploaded picture by its address (a mailing's picture), or null. */
export const ownImageLoader = (context: ModuleContext) => (sellerId: number, imageUrl: string) =>
  findOwnUpload({ db: context.db, storage: imageStoresOf(context).storage, sellerId, imageUrl });

/** Image upload for the shop and mailings, and serving the stored pictures. */
export const uploadsModule: ModuleManifest = {
  name: 'uploads',
  routes: (context) => [uploadRoutes({ ...context, storage: imageStoresOf(context).storage })],
  rootRoutes: (context) => [
    { plugin: uploadServingRoutes({ db: context.db, storage: imageStoresOf(context).storage }), prefix: UPLOADS_BASE },
  ],
};
