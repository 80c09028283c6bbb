// The router loads the dashboard on demand: its charts (recharts) stay out of every other page's download.
export { DashboardPage as Component } from './dashboard-page';
