import type { ItemPatch } from '../../../../api/itemDetailApi';
import type { DetailForm } from '../detailModel';

/** A property changed: the new form fields, and the single-field patch view mode sends (null: nothing to send). */
export type PropertyChange = (fields: Partial<DetailForm>, patch: ItemPatch | null) => void;

/** What every property row gets: the form, and where its changes go. */
export interface PropertyProps {
  form: DetailForm;
  onChange: PropertyChange;
}

/** The "none" option of the pickers. */
export const NONE_KEY = 'NONE';
