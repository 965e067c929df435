module github.com/belwise/site

go 1.26

require github.com/andybalholm/brotli v1.2.0
