# Production image: the API, the built client and the job worker share it (CMD picks the role).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-fund --no-audit
COPY . .
RUN npx vite build

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# Debian's security-maintained ffmpeg/ffprobe, found on the PATH; the npm packages' old build is a devDependency,
# pruned below (decision 0059).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev --no-fund --no-audit
VOLUME ["/data"]
EXPOSE 3000
USER node
CMD ["node", "src/server/index.ts"]
