// /DailyDataReport (spec part 1 §2): the daily report, with the E-mail button (DailyReportTaskOptions).
import { dailyReportTaskOptions, getDailyData } from '@/shared/contracts/report';
import { GridReportScreen } from './grid-report-screen';

export default function DailyDataReport() {
  return <GridReportScreen kind="daily" endpoint={getDailyData} country="initial" mail={dailyReportTaskOptions} />;
}
