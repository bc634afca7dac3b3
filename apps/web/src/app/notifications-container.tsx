// Its own module so that import() of it takes only the container: an import() of the package
// itself would ask for all of it, and the bundler would then keep it in the first load.
export { Notifications } from '@mantine/notifications';
