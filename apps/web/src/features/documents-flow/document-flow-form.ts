import type { ClientOption } from '@kantora/domain';

/** The values of the document dialog's form. */
export interface DocumentFlowFormValues {
  _id?: string;
  company: ClientOption | null;
  category: string | null;
  date: string | null;
  description: string;
  notes: string;
  /** The file chosen to upload with the next save. */
  file: File | null;
  /** The document has its file already (then no other may be chosen). */
  hasAttached: boolean;
}
