// The site holds no Go code of ours. This file makes site/ a module of its
// own, so that the repository's `./...` (go vet, go test, golangci-lint)
// does not reach the Go files some npm packages ship in node_modules
// (flatted, a dependency of ESLint, does).
module portfolio/site

go 1.26.8
