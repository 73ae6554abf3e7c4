import { InquiryList } from '../components/inquiry-list';

/** /inquiry-admin: support's view of every company's inquiries (key INQUIRY_ADMIN). */
export default function InquiryAdminPage() {
  return <InquiryList side="ADMIN" />;
}
