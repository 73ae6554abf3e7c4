import { UNIT_MEASURE_KIND } from '../code-master-kinds';
import { CodeMasterScreen } from '../components/code-master-screen';

/** Unit of measure master (単位マスタ). */
export default function UnitOfMeasureMasterPage() {
  return <CodeMasterScreen kind={UNIT_MEASURE_KIND} />;
}
