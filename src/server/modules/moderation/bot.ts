// Points for reviews and for photos with the product: two functions of the action's bot sharing
// one dialog.
import { moderationFeature } from './dialog.js';

export const reviewsFeature = moderationFeature('review');
export const photosFeature = moderationFeature('photo');
