// /MondayDataReport (spec part 1 §2): the weekly (Monday) report, with the E-mail button (ReportTaskOptions).
import { getMondayData, reportTaskOptions } from '@/shared/contracts/report';
import { GridReportScreen } from './grid-report-screen';

export default function MondayDataReport() {
  return <GridReportScreen kind="monday" endpoint={getMondayData} country="initial" mail={reportTaskOptions} />;
}
