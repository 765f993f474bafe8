// Prize draws of the action's bot (issue 29), as the rest of the server sees them: app.ts
// registers the routes and the closing job, the registry lists the bot's menu button. How a draw
// is fair: src/contract/draw-fairness.ts.
export { drawRoutes } from './routes.js';
export { closeDueDraws, type DrawCloseDeps } from './service.js';
export { drawsFeature } from './feature.js';
