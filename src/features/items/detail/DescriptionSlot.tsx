import { lazy, Suspense, type ComponentType } from 'react';
import { styled } from '@mui/material/styles';
import { tokens } from '../../../shared/ui/tokens';
import { copy } from '../../../shared/copy';
import { loadDescriptionEditor as importEditor, type DescriptionEditorProps } from '../../editor';

/*
 * The description editor's slot. The Slate editor (features/editor) is loaded lazily in its own chunk; while it
 * loads — or if it fails to load — a plain fallback keeps the stored content untouched.
 */

const Fallback = styled('div')({
  minHeight: '12rem',
  padding: '1.2rem 0',
  fontSize: '1.6rem',
  color: tokens.grey[500],
});

function PlainDescription({ readOnly }: DescriptionEditorProps) {
  return (
    <Fallback aria-label={copy.itemDetail.descriptionLabel}>
      {readOnly ? null : copy.itemDetail.descriptionPlaceholder}
    </Fallback>
  );
}

export const loadDescriptionEditor = async (): Promise<{
  default: ComponentType<DescriptionEditorProps>;
}> => {
  try {
    return { default: (await importEditor()).default };
  } catch {
    // The chunk failed to load: the plain fallback below.
  }
  return { default: PlainDescription };
};

const DescriptionEditor = lazy(loadDescriptionEditor);

export function DescriptionSlot(props: DescriptionEditorProps) {
  return (
    <Suspense fallback={<Fallback aria-busy="true" />}>
      <DescriptionEditor {...props} />
    </Suspense>
  );
}
