/** Public entry of the live updates feature: what other features and the app may use. */
export { LiveUpdates } from './LiveUpdates';
export { liveSaga, LIVE_ENVIRONMENT_CONTEXT } from './liveSaga';
export type { LiveEnvironment } from './liveUpdates';
export {
  liveEventReceived,
  liveResyncNeeded,
  liveStatusChanged,
  liveOfflineNoticeChanged,
  liveReducer,
  type LiveState,
} from './liveSlice';
