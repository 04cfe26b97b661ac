// /SalesTargetTotalReport (spec part 1 §2): the consolidated target total report, country fixed to OIH.
import { getSumReportData } from '@/shared/contracts/report';
import { GridReportScreen } from './grid-report-screen';

export default function SalesTargetTotalReport() {
  return <GridReportScreen kind="total" endpoint={getSumReportData} country="headOffice" />;
}
