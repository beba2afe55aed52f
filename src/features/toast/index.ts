/** Public entry of the toast feature: what other features may use. */
export { toastShown, toastDismissed, type ShowToast } from './toastSlice';
export { ToastViewport } from './ToastViewport';
