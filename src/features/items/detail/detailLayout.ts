/*
 * The detail page's two arrangements (docs/product.md "Item detail"), chosen by the width the page gets rather than
 * the window's (the sidebar takes 128–308 px of it): with room for the description (≥ 40 rem), the gap (8.8 rem) and
 * the '속성' panel (33 rem) plus the body's side padding (6.4 rem), the panel stands beside the description as on
 * the desktop reference; otherwise it is a band under the title. A CSS container query on the page element, so the
 * choice follows a sidebar that opens or closes. Browsers without container queries get the band.
 */

/** The container name of the detail page element. */
export const DETAIL_CONTAINER = 'item-detail';

/** Styles under this key apply in the side-by-side arrangement. */
export const WIDE_DETAIL = `@container ${DETAIL_CONTAINER} (min-width: 88.2rem)`;
