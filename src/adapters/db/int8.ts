export const INT8 = 20;

/** Both drivers read int8 as bigint (lamports, count(*)); numeric stays a string, timestamptz a Date. */
export const parseInt8 = (text: string) => BigInt(text);
