/** `attachments.owner_type` of a project's files (the quote request's attachments). */
export const PROJECT_OWNER = 'PROJECT';
/** `attachments.owner_type` of a quote's document (`owner_id` the quote id). */
export const QUOTE_OWNER = 'QUOTE';
