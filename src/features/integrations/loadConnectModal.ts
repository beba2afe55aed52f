/** The "외부 연동" modal, in its own chunk (`integrations-connect`): fetched on first hover, focus or click. */
export const loadConnectModal = () => import(/* webpackChunkName: "integrations-connect" */ './ConnectModal');
