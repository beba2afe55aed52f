import { useCallback, useId, useMemo, useState } from 'react';
import { copy } from '../../../shared/copy';
import { Modal, ModalBody } from '../../../shared/ui/Modal';

const NO_SELECTION: ReadonlySet<number> = new Set();

export interface DeleteSelection {
  deleteMode: boolean;
  /** Ids ticked in delete mode (may include rows no longer loaded: see `chosen`). */
  selected: ReadonlySet<number>;
  /** The ticked ids among the loaded rows, in list order: what a delete sends. */
  chosen: number[];
  toggle: (id: number) => void;
  selectAll: (ids: readonly number[] | null) => void;
  clearSelection: () => void;
  /** "삭제": enters delete mode; with nothing ticked leaves it; otherwise asks for confirmation. */
  onDeleteClick: () => void;
  /** The confirmation modal ("복구할 수 없습니다…"), to render once on the page. */
  confirmModal: React.ReactNode;
}

/**
 * Delete mode of a grouped list (docs/product.md "Grouped lists"): the ticked rows, the "삭제" button's three
 * steps and the red confirmation modal. `remove(chosen)` deletes on the server; on success delete mode ends and
 * the selection clears, on failure `onFailure` reports it and the selection stays.
 */
export function useDeleteSelection(
  ids: readonly number[],
  remove: (chosen: number[]) => Promise<unknown>,
  onFailure: (failure: unknown) => void,
  deleting: boolean,
): DeleteSelection {
  const [deleteMode, setDeleteMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(NO_SELECTION);
  const [confirming, setConfirming] = useState(false);
  const confirmTextId = useId();
  const chosen = useMemo(() => ids.filter((id) => selected.has(id)), [ids, selected]);

  const toggle = useCallback((id: number) => {
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const selectAll = useCallback(
    (all: readonly number[] | null) => setSelected(all ? new Set(all) : NO_SELECTION),
    [],
  );
  const clearSelection = useCallback(() => setSelected(NO_SELECTION), []);

  const leaveDeleteMode = () => {
    setDeleteMode(false);
    setSelected(NO_SELECTION);
  };

  const onDeleteClick = () => {
    if (!deleteMode) setDeleteMode(true);
    else if (chosen.length === 0) leaveDeleteMode();
    else setConfirming(true);
  };

  const confirmDelete = async () => {
    try {
      await remove(chosen);
      leaveDeleteMode();
    } catch (failure) {
      onFailure(failure);
    } finally {
      setConfirming(false);
    }
  };

  const confirmModal = (
    <Modal
      open={confirming}
      onClose={() => setConfirming(false)}
      onAction={() => void confirmDelete()}
      actionLabel={copy.itemList.delete}
      actionTone="red"
      actionDisabled={deleting}
      locked={deleting}
      describedBy={confirmTextId}
    >
      <ModalBody id={confirmTextId}>{copy.itemList.deleteConfirm}</ModalBody>
    </Modal>
  );

  return { deleteMode, selected, chosen, toggle, selectAll, clearSelection, onDeleteClick, confirmModal };
}
