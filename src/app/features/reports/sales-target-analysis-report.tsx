// /SalesTargetAnalysisReport (spec part 1 §2): per product model, target quantity, total, gap, then each day.
import { getTargetAnalysisReportPage } from '@/shared/contracts/report';
import { ModelReportScreen } from './model-report-screen';

export default function SalesTargetAnalysisReport() {
  return <ModelReportScreen kind="targetAnalysis" endpoint={getTargetAnalysisReportPage} />;
}
