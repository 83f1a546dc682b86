# One image for both processes of the production shape: `npm run api` and `npm run worker`
# (docker-compose.yml picks the command). TypeScript runs through tsx, so there is no build step.
# The web console is built in a stage of its own: Vite and the front-end libraries are dev
# dependencies, which the runtime stage does not install.
FROM node:20-slim AS console
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY console console
COPY scripts/console-build.mjs scripts/console-build.mjs
RUN node scripts/console-build.mjs

FROM node:20-slim

# The MCP server sandbox (docs/sandbox.md): bubblewrap; util-linux (setpriv, prlimit) is in the base.
RUN apt-get update && apt-get install -y --no-install-recommends bubblewrap \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# Dependencies first, so a source change does not reinstall them. The root postinstall
# (scripts/fetch-model.mjs) provides the local embedding model under .cache/models.
COPY package.json package-lock.json ./
COPY scripts/fetch-model.mjs scripts/onnx-from-safetensors.mjs scripts/
# onnxruntime-node would otherwise fetch CUDA binaries we never use (CPU inference only).
RUN ONNXRUNTIME_NODE_INSTALL=skip npm ci --omit=dev --no-audit --no-fund \
  && npm cache clean --force

COPY . .
COPY --from=console /app/console/dist console/dist

# DATA_DIR lives on a volume; everything else stays read-only to the app user.
RUN mkdir -p /data && chown node:node /data
USER node

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
EXPOSE 3000

CMD ["npm", "run", "api"]
