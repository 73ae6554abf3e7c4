import { useSession } from '../../../lib/use-session';
import { InquiryList } from '../components/inquiry-list';

/** /inquiry: the company's inquiries, for a discharger (key INQUIRY) or a transporter (INQUIRY_TRANS). */
export default function InquiryPage() {
  const { roles } = useSession();
  return <InquiryList side={roles.includes('TRANSPORT') ? 'TRANSPORT' : 'WASTE'} />;
}
