/*
 * Measures of the workspace shell that other features place things against (docs/product.md "Sidebar"; the phone
 * layout below 600 px).
 */

/** Height of the phone's top app bar (features/workspace/PhoneAppBar.tsx), in rem (root font size 10 px). */
export const PHONE_APP_BAR_HEIGHT_REM = 5.6;
