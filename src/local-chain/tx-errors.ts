import type { FailedTransactionMetadata } from 'litesvm';

/** A transaction error as a real node writes it in JSON ("BlockhashNotFound", {"InstructionError": [0, {"Custom": 1}]}). */
export type TxErrorJson = string | Record<string, unknown>;

// Order of litesvm's TransactionErrorFieldless / InstructionErrorFieldless enums (const enums
// in its typings, so not readable at run time).
const TX_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];
const IX_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];

// The Display texts of agave's TransactionError / InstructionError, as a node prints them.
const TX_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  ClusterMaintenance: 'Transactions are currently disabled due to cluster maintenance',
  AccountBorrowOutstanding:
    'Transaction processing left an account with an outstanding borrowed reference',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidAddressLookupTableIndex: 'Transaction address table lookup uses an invalid index',
  UnbalancedTransaction: 'Sum of account balances before and after transaction do not match',
};
const IX_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
};

type LiteErr = ReturnType<FailedTransactionMetadata['err']>;

function instructionErrorJson(err: unknown): unknown {
  if (typeof err === 'number') return IX_ERRORS[err] ?? 'GenericError';
  const e = err as { code?: number; msg?: string };
  if (typeof e.code === 'number') return { Custom: e.code };
  return { BorshIoError: e.msg ?? '' };
}

/** litesvm's error object -> the JSON a node returns in `err`. */
export function txErrorJson(err: LiteErr): TxErrorJson {
  if (typeof err === 'number') return TX_ERRORS[err] ?? 'SanitizeFailure';
  const kind = err.constructor.name;
  if (kind === 'TransactionErrorInstructionError') {
    const e = err as { index: number; err(): unknown };
    return { InstructionError: [e.index, instructionErrorJson(e.err())] };
  }
  if (kind === 'TransactionErrorDuplicateInstruction') {
    return { DuplicateInstruction: (err as { index: number }).index };
  }
  const accountIndex = (err as { accountIndex: number }).accountIndex;
  if (kind === 'TransactionErrorInsufficientFundsForRent') {
    return { InsufficientFundsForRent: { account_index: accountIndex } };
  }
  return { ProgramExecutionTemporarilyRestricted: { account_index: accountIndex } };
}

/** The human text a node prints for a transaction error. */
export function txErrorText(err: TxErrorJson): string {
  if (typeof err === 'string') return TX_TEXT[err] ?? err;
  if ('InstructionError' in err) {
    const [index, ix] = err.InstructionError as [number, unknown];
    let text: string;
    if (typeof ix === 'string') text = IX_TEXT[ix] ?? ix;
    else if (ix && typeof ix === 'object' && 'Custom' in ix)
      text = `custom program error: 0x${Number(ix.Custom).toString(16)}`;
    else text = 'Failed to serialize or deserialize account data';
    return `Error processing Instruction ${index}: ${text}`;
  }
  if ('InsufficientFundsForRent' in err) {
    const { account_index } = err.InsufficientFundsForRent as { account_index: number };
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`;
  }
  return JSON.stringify(err);
}
