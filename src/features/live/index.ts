/** Public entry of the live updates feature: what other features may use. */
export { LiveUpdates } from './LiveUpdates';
