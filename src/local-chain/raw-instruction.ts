/** An instruction as a transaction holds it, its accounts and program named. */
export interface RawInstruction {
  programId: string;
  accounts: string[];
  data: Uint8Array;
  stackHeight: number | null;
}
