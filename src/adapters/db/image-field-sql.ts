/**
 * SQL for a stored image field (`column`) as the contract writes it: migration 12's (and 16's)
 * wire_image_field. What the product stores (a compact JSON array of URLs without escapes) is
 * that already and is taken as it is; anything else goes through the function.
 */
export const wireImageField = (column: string) =>
  String.raw`case when ${column} is null then null when ${column} ~ '^\["[^"\\[:cntrl:]]+"(,"[^"\\[:cntrl:]]+")*\]$' then ${column} else wire_image_field(${column}) end`;
