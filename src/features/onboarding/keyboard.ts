/* Moved to src/shared/lib/keyboard.ts (used by several features); kept so onboarding's imports stay valid. */
export { isCommitEnter } from '../../shared/lib/keyboard';
