/*
 * Public entry of the description editor (docs/product.md "Description"): the item detail loads it lazily, in its
 * own chunk (`editor`), so Slate stays out of the list and detail chunks.
 */
export type { DescriptionEditorProps } from './DescriptionEditor';

/** The editor's module; its default export is the editor component. */
export const loadDescriptionEditor = () => import(/* webpackChunkName: "editor" */ './DescriptionEditor');
