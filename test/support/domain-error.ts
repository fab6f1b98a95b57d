import { DomainError, type DomainErrorCode } from '@src/domain/errors';

/** The DomainError `work` rejects with; fails the test if it resolves or throws anything else. */
export async function domainError(work: Promise<unknown>, code: DomainErrorCode) {
  const error = await work.then(
    () => new Error('expected a DomainError, but it succeeded'),
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw error;
  if (error.code !== code) throw new Error(`expected ${code}, got ${error.code}: ${error.message}`);
  if (/insert into|update \S+ set|select .* from|delete from|\$1/i.test(error.message)) {
    throw new Error(`SQL leaked into a DomainError message: ${error.message}`);
  }
  return error;
}
