// What the router uses from this feature.
export { HomePage, type HomePageProps } from './home-page';
