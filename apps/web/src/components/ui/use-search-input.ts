import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The typing side of a server-searched autocomplete (contracts, invoices): what is typed, settled after `delay`
 * ms of quiet (the chosen option's own label counts as nothing typed), whether the list is open, and the props
 * that bind it to MUI's Autocomplete. The caller runs the search with `term` when `ready`, and shows
 * `withChosen(found)`, so the chosen option stays among the options while another page of results is shown.
 */
export function useSearchInput<T extends { _id: string }>(
  value: T | null,
  labelOf: (option: T) => string,
  delay: number,
) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const selectedLabel = value ? labelOf(value) : '';
  const typed = input.trim() === selectedLabel ? '' : input.trim();
  const term = useDebounced(typed, delay);
  return {
    term,
    open,
    /** Open, and the typing has settled: the moment to search. */
    ready: open && typed === term,
    withChosen: (found: T[]): T[] =>
      value && !found.some((option) => option._id === value._id) ? [value, ...found] : found,
    autocomplete: {
      filterOptions: (items: T[]) => items,
      isOptionEqualToValue: (option: T, current: T) => option._id === current._id,
      inputValue: input,
      onInputChange: (_: unknown, next: string) => setInput(next),
      open,
      onOpen: () => setOpen(true),
      onClose: () => setOpen(false),
    },
  };
}
