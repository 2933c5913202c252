/**
 * Storefront API 2025-01 operations (current fields only: `collection(handle:)`, not the
 * deprecated `collectionByHandle`; `Image.url`, not `src`/`originalSrc`).
 * Images and variants: 250 per product, the library's page size (SPEC §10).
 */
const PRODUCT_FIELDS = /* GraphQL */ `
  fragment ExternalProductFields on Product {
    id
    title
    handle
    description
    tags
    productType
    vendor
    images(first: 250) {
      nodes {
        id
        url
        altText
      }
    }
    variants(first: 250) {
      nodes {
        id
        title
        availableForSale
        selectedOptions {
          name
          value
        }
        price {
          amount
          currencyCode
        }
        compareAtPrice {
          amount
          currencyCode
        }
      }
    }
    priceRange {
      minVariantPrice {
        amount
        currencyCode
      }
      maxVariantPrice {
        amount
        currencyCode
      }
    }
  }
`;

export const PRODUCTS_QUERY = /* GraphQL */ `
  query ExternalProducts($first: Int!) {
    products(first: $first) {
      nodes {
        ...ExternalProductFields
      }
    }
  }
  ${PRODUCT_FIELDS}
`;

export const COLLECTION_PRODUCTS_QUERY = /* GraphQL */ `
  query ExternalCollectionProducts($handle: String!, $first: Int!) {
    collection(handle: $handle) {
      id
      handle
      products(first: $first) {
        nodes {
          ...ExternalProductFields
        }
      }
    }
  }
  ${PRODUCT_FIELDS}
`;

export const CART_CREATE_MUTATION = /* GraphQL */ `
  mutation ExternalCartCreate($input: CartInput!) {
    cartCreate(input: $input) {
      cart {
        id
        checkoutUrl
        totalQuantity
      }
      userErrors {
        code
        field
        message
      }
      warnings {
        code
        message
        target
      }
    }
  }
`;
