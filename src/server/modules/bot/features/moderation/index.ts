// Points for reviews and for photos with the product (issue 29), as the rest of the server sees
// it: two functions of the action's bot (registry.ts) sharing one dialog, and the cabinet's queue
// (app.ts registers its routes).
import { moderationFeature } from './dialog.js';

export const reviewsFeature = moderationFeature('review');
export const photosFeature = moderationFeature('photo');
export { moderationRoutes } from './routes.js';
