import { PACKING_STYLE_KIND } from '../code-master-kinds';
import { CodeMasterScreen } from '../components/code-master-screen';

/** Packing style master (荷姿マスタ). */
export default function PackagingMasterPage() {
  return <CodeMasterScreen kind={PACKING_STYLE_KIND} />;
}
