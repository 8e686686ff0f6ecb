import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import ApiReferenceNavbarItem from '@site/src/plugins/api-reference/NavbarItem';

/** Adds our `custom-apiReference` navbar item type to the stock ones. */
export default {
  ...ComponentTypes,
  'custom-apiReference': ApiReferenceNavbarItem,
};
