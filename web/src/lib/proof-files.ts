/** A stored proof file and the name it was uploaded under. */
export interface ProofFile {
  file: string;
  label: string;
}

/**
 * The proof files of an order with the names the seller's files had (the order's
 * `proofOfDelivery` lists them, ", "-joined, in upload order); their stored names when those
 * names cannot be matched one to one (a name with ", " in it, an older order).
 */
export function proofFiles(files: readonly string[], names: string | null): ProofFile[] {
  const given = names ? names.split(', ') : [];
  const matched = given.length === files.length && given.every((name) => name.trim() !== '');
  return files.map((file, i) => ({ file, label: matched ? given[i]! : file }));
}
