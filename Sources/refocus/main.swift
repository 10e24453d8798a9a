import RefocusCommands

RefocusMain.main()
