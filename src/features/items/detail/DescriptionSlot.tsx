import { lazy, Suspense, useState, type ComponentType } from 'react';
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

/** The editor component once its chunk has loaded: rendered directly, without a Suspense round. */
let loadedEditor: ComponentType<DescriptionEditorProps> | undefined;

/**
 * Loads the editor's chunk; resolves to the editor, or to the plain fallback when the chunk failed to load. Once
 * it has loaded, `DescriptionSlot` renders the editor at once: a `lazy` component would suspend for a moment even
 * with its chunk loaded, and React holds back what follows a Suspense fallback for up to 300 ms
 * (docs/performance.md "Opening an item directly").
 */
export const loadDescriptionEditor = async (): Promise<{
  default: ComponentType<DescriptionEditorProps>;
}> => {
  try {
    loadedEditor = (await importEditor()).default;
    return { default: loadedEditor };
  } catch {
    // The chunk failed to load: the plain fallback below.
  }
  return { default: PlainDescription };
};

const LazyDescriptionEditor = lazy(loadDescriptionEditor);

export function DescriptionSlot(props: DescriptionEditorProps) {
  // Chosen once per mount: switching from the lazy to the loaded component later would remount the editor.
  const [DescriptionEditor] = useState(() => loadedEditor ?? LazyDescriptionEditor);
  return (
    <Suspense fallback={<Fallback aria-busy="true" />}>
      <DescriptionEditor {...props} />
    </Suspense>
  );
}
