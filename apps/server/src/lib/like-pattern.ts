/** A LIKE/ILIKE pattern that matches `keyword` literally anywhere in the text (wildcards escaped). */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
