import { DISPOSAL_METHOD_KIND } from '../code-master-kinds';
import { CodeMasterScreen } from '../components/code-master-screen';

/** Disposal method master (処分方法マスタ). */
export default function DisposalMethodMasterPage() {
  return <CodeMasterScreen kind={DISPOSAL_METHOD_KIND} />;
}
