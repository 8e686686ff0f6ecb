import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import ApiReferenceNavbarItem from '@site/src/components/ApiReferenceNavbarItem';

/** Adds our `custom-apiReference` navbar item type to the stock ones. */
export default {
  ...ComponentTypes,
  'custom-apiReference': ApiReferenceNavbarItem,
};
