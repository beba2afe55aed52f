/** Public entry of the leave guard: what other features may use. */
export { LeaveGuard } from './LeaveGuard';
export { leaveGuardArmed, leaveGuardReleased } from './leaveGuardSlice';
