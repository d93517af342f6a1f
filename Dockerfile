# gdoc-mcp team server image: `docker build -t gdoc-mcp .`; see compose.yaml for PostgreSQL and
# two instances behind a proxy.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/grammar ./grammar
COPY --from=build /app/samples ./samples
USER node
EXPOSE 8765
ENTRYPOINT ["node", "dist/cli/main.js"]
CMD ["serve", "--http", "0.0.0.0:8765", "--team"]
