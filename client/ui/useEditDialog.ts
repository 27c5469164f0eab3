import { useState } from 'react';

/** A create/edit form dialog of a list screen: open empty ("Neu …") or with the row to edit. */
export function useEditDialog<T>() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const show = (row: T | null) => {
    setEditing(row);
    setOpen(true);
  };
  return { open, setOpen, editing, openNew: () => show(null), openEdit: show };
}
