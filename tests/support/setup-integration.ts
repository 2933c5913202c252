// Integration tests run against the production build; NODE_ENV as in production.
process.env.NODE_ENV = 'production';
