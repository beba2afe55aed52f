/*
 * Public entry of the notifications feature: what other features may use. The page itself is loaded by the
 * router (NotificationsPage.tsx).
 */
export { unreadBadgeText } from './alarmModel';
