// The notices show the inquiries' importance levels: one tag for both.
export { ImportanceTag } from '../../../components/importance-tag';
