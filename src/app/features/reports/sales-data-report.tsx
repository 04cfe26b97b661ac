// /SalesDataReport (spec part 1 §2): per product model, the uploaded quantity of each day, total quantity and amount.
import { getSalesDataReportPage } from '@/shared/contracts/report';
import { ModelReportScreen } from './model-report-screen';

export default function SalesDataReport() {
  return <ModelReportScreen kind="salesData" endpoint={getSalesDataReportPage} />;
}
